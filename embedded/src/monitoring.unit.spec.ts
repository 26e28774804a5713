import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Knex } from 'knex';
import { createMetrics } from '@circuit/shared/metrics/metrics';
import { registerBusLag } from '@circuit/shared/metrics/bus-lag-metrics';
import type { Bus } from '@circuit/shared/ports/bus';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { registerProjectionLag } from '@circuit/projection-service/runner/projection-lag-metrics';
import { registerReminderBacklog } from '@circuit/command-service/reminders/reminder-metrics';

const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/**
 * Every series and label the services can expose, from a registry built as they build theirs (createMetrics and
 * each service's gauges; the gauges' sources are never read, as nothing is collected here).
 */
function exposed() {
  const metrics = createMetrics('test');
  registerProjectionLag(metrics, {} as EventStore, { checkpoint: async () => 0n }, []);
  registerBusLag(metrics, {} as Bus, []);
  registerReminderBacklog(metrics, {} as Knex);
  const series = new Set(['up']);
  const labels = new Set(['service', 'job', 'instance', 'le']);
  for (const metric of metrics.registry.getMetricsAsArray()) {
    const suffixes = String(metric.type) === 'histogram' ? ['_bucket', '_sum', '_count'] : [''];
    for (const suffix of suffixes) series.add(metric.name + suffix);
    for (const label of (metric as unknown as { labelNames?: readonly string[] }).labelNames ?? []) labels.add(label);
  }
  return { series, labels };
}

/**
 * The series names and label names a PromQL expression uses (its functions and keywords are no series: they are
 * followed by a parenthesis; Grafana's variables stand for a range).
 */
function usedBy(expr: string) {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""').replace(/\$\w+/g, '5m');
  const series = [...withoutStrings.matchAll(/\b([a-z_:][a-z0-9_:]*)\b(?!\s*\()/gi)].map((m) => m[1]!).filter((name) => name.includes('_') || name === 'up');
  const grouping = [...withoutStrings.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()));
  const matched = [...withoutStrings.matchAll(/\{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/([a-z_][a-z0-9_]*)\s*(?:=~|!~|!=|=)/gi)].map((l) => l[1]!));
  const labels = [...grouping, ...matched];
  return { series: series.filter((name) => !labels.includes(name)), labels };
}

function expectKnown(exprs: string[]) {
  const { series, labels } = exposed();
  for (const expr of exprs) {
    const used = usedBy(expr);
    expect(used.series.length, expr).toBeGreaterThan(0);
    for (const name of used.series) expect(series, `${name} in ${expr}`).toContain(name);
    for (const label of used.labels) expect(labels, `label ${label} in ${expr}`).toContain(label);
  }
}

const Dashboard = z.object({
  uid: z.string(),
  title: z.string(),
  panels: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      title: z.string(),
      gridPos: z.object({ h: z.number(), w: z.number().max(24), x: z.number(), y: z.number() }),
      targets: z.array(z.object({ refId: z.string(), expr: z.string().min(1), datasource: z.object({ type: z.literal('prometheus') }) })).optional(),
    }),
  ),
});

const Rules = z.object({
  groups: z.array(
    z.object({
      name: z.string(),
      rules: z.array(
        z.object({
          alert: z.string().regex(/^[A-Z][A-Za-z]+$/),
          expr: z.string().min(1),
          for: z.string().regex(/^\d+[smh]$/),
          labels: z.object({ severity: z.enum(['page', 'ticket']) }),
          annotations: z.object({ summary: z.string().min(1), description: z.string().min(1) }),
        }),
      ),
    }),
  ),
});

describe('monitoring in deploy/', () => {
  it('the Grafana dashboard queries only series and labels the services expose', () => {
    const dashboard = Dashboard.parse(JSON.parse(read('deploy/grafana/circuit-dashboard.json')));
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const panel of panels) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    expectKnown(panels.flatMap((p) => p.targets ?? []).map((t) => t.expr));
  });

  it('the alert rules (JSON, which is YAML too) use only series and labels the services expose', () => {
    const text = read('deploy/prometheus/alerts.yml').replace(/^#.*$/gm, '');
    const rules = Rules.parse(JSON.parse(text)).groups.flatMap((g) => g.rules);
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    expectKnown(rules.map((r) => r.expr));
  });

  it('Prometheus scrapes each service of docker-compose.yml on the port it listens on', () => {
    const targets = [...read('deploy/prometheus/prometheus.yml').matchAll(/targets: \["([a-z-]+):(\d+)"\]/g)].map((m) => ({ host: m[1]!, port: m[2]! }));
    expect(targets.map((t) => t.host)).toEqual(['command-service', 'projection-service', 'realtime-service']);
    const compose = read('docker-compose.yml');
    for (const { host, port } of targets) expect(compose, host).toMatch(new RegExp(`\\n  ${host}:\\n(?:    .*\\n)*?    environment: .*PORT: "${port}"`));
  });

  it('finds the series and labels of an expression, so an unknown one fails', () => {
    expect(usedBy('sum by (service) (rate(circuit_http_request_duration_seconds_count{status="5xx"}[5m])) > 0.02')).toEqual({ series: ['circuit_http_request_duration_seconds_count'], labels: ['service', 'status'] });
    expect(() => expectKnown(['max(circuit_projection_lag_secs)'])).toThrow();
    expect(() => expectKnown(['max by (projektion) (circuit_projection_lag_seconds)'])).toThrow();
  });
});
