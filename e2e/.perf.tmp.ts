import { startJourney } from './harness';
const j = await startJourney();
await j.circuit.commands.accounts.register({ username: 'ada-l', email: 'ada@example.test', password: 'secret123', firstName: 'Ada', lastName: 'L', emailVerified: true }, {});
const ctx = await j.browser.newContext();
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Performance.enable');
for (const path of ['/', '/in/ada-l']) {
  await page.goto(`${j.base}${path}`);
  await page.waitForLoadState('networkidle');
  const m1 = (await cdp.send('Performance.getMetrics')).metrics;
  await page.waitForTimeout(3000);
  const m2 = (await cdp.send('Performance.getMetrics')).metrics;
  const get = (m: typeof m1, n: string) => m.find((x) => x.name === n)?.value ?? 0;
  console.log(path, 'script', get(m1, 'ScriptDuration').toFixed(2), 'task', get(m1, 'TaskDuration').toFixed(2), 'idle-3s script delta', (get(m2, 'ScriptDuration') - get(m1, 'ScriptDuration')).toFixed(3), 'layouts', get(m2, 'LayoutCount') - get(m1, 'LayoutCount'), 'nodes', get(m2,'Nodes'));
}
await ctx.close();
await j.close();
