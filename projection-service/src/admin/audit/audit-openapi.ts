import { z } from 'zod';
import { header, type ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AuditPaymentSchema, AuditRegistrationDetailSchema, AuditRegistrationSchema, RegistrationComparisonSchema } from '@circuit/shared/api/admin-audit';
import { ListParams } from '../admin-openapi';

const tag = 'Admin (ra-data-simple-rest)';
export const AUDIT = { 401: 'Not signed in (or the account is gone)', 403: 'Not an auditor or admin, or deactivated' };
export const range = (resource: string) => ({
  'Content-Range': header(`\`${resource} 0-24/3\``, { required: true }),
  'Access-Control-Expose-Headers': header('`Content-Range`', { required: true }),
});
const id = z.object({ id: z.string() });

export const auditOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/admin/audit/registrations',
    tag,
    summary: 'Registrations of every kind, for the audit',
    description: 'Record ids are `<kind>~<listingId>~<userId>`. Sortable by registeredAt, username, listingTitle. Filters: `q` (username or listing title), `listingId`, `userId`, `paymentStatus`, `id`.',
    auth: 'session',
    query: ListParams,
    ok: { status: 200, description: 'The records of the range', contentType: 'application/json', schema: z.array(AuditRegistrationSchema), headers: range('audit/registrations') },
    errors: { 400: 'A parameter is not the JSON the dialect expects', ...AUDIT },
  });
  api.route({
    method: 'get',
    path: '/api/admin/audit/registrations/{id}',
    tag,
    summary: 'A registration’s registration and payment events, straight from the event store, and its replayed state beside today’s read model',
    auth: 'session',
    params: id,
    ok: { status: 200, description: 'The record', contentType: 'application/json', schema: AuditRegistrationDetailSchema },
    errors: { ...AUDIT, 404: 'Registration not found' },
  });
  api.route({
    method: 'get',
    path: '/api/admin/audit/registrations/{id}/state',
    tag,
    summary: 'The registration’s state at a moment, replayed from its events, beside today’s read model, with the differences',
    auth: 'session',
    params: id,
    query: z.object({ at: z.string().optional().meta({ description: 'An ISO 8601 instant; default now', example: '2026-11-25T10:00:00Z' }) }),
    ok: { status: 200, description: 'Both states', contentType: 'application/json', schema: RegistrationComparisonSchema },
    errors: { 400: 'at is not an ISO 8601 instant', ...AUDIT, 404: 'Registration not found' },
  });
  api.route({
    method: 'get',
    path: '/api/admin/audit/payments',
    tag,
    summary: 'Orders reconciled with their verified payments and webhooks',
    description: 'Sortable by createdAt, status, amountMinor. Filters: `status` (paid, unpaid, paid_twice, failed), `id`.',
    auth: 'session',
    query: ListParams,
    ok: { status: 200, description: 'The records of the range', contentType: 'application/json', schema: z.array(AuditPaymentSchema), headers: range('audit/payments') },
    errors: { 400: 'A parameter is not the JSON the dialect expects', ...AUDIT },
  });
  api.route({
    method: 'get',
    path: '/api/admin/audit/payments/{id}',
    tag,
    summary: 'One order, reconciled',
    auth: 'session',
    params: id,
    ok: { status: 200, description: 'The record', contentType: 'application/json', schema: AuditPaymentSchema },
    errors: { ...AUDIT, 404: 'Order not found' },
  });
};
