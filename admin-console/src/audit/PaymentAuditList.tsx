import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, NumberField, SelectInput, SimpleList, TextField } from 'react-admin';
import type { AuditPayment } from '@circuit/shared/api/admin-audit';
import { viewer, WhenField } from '../when';

const STATUS = {
  paid: { label: 'Paid', color: 'success' },
  unpaid: { label: 'Unpaid', color: 'warning' },
  paid_twice: { label: 'Paid twice', color: 'error' },
  failed: { label: 'Failed', color: 'default' },
  refunded: { label: 'Refunded', color: 'info' },
  refund_refused: { label: 'Refund refused', color: 'error' },
} as const;

const filters = [<SelectInput key="status" source="status" label="Status" choices={Object.entries(STATUS).map(([id, s]) => ({ id, name: s.label }))} alwaysOn />];

/** The refund of a payment that bought nothing, then each second payment with what became of it. */
function refundsOf(order: AuditPayment): string {
  const seconds = order.duplicates.map((d) => `${d.paymentId} ${d.refundId ? `refunded as ${d.refundId}` : d.refundRefused ? 'refund refused' : 'refund due'}`);
  return [order.refundId, ...seconds].filter(Boolean).join(', ') || '—';
}

/**
 * Every order reconciled with its verified payments, webhooks and refunds: unpaid, paid-twice and
 * refused refunds stand out.
 */
export function PaymentAuditList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} title="Payments (audit)" empty={false} exporter={false}>
      {phone ? (
        <SimpleList<AuditPayment>
          primaryText={(o) => `${o.currency} ${(o.amountMinor / 100).toFixed(2)} · ${STATUS[o.status].label}`}
          secondaryText={(o) => (o.duplicates.length > 0 ? `${o.username ?? o.userId} · ${refundsOf(o)}` : (o.username ?? o.userId))}
          tertiaryText={(o) => viewer.date(o.createdAt)}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="id" label="Order" sortable={false} />
          <TextField source="username" label="Payer" sortable={false} />
          <FunctionField<AuditPayment> label="Amount" sortBy="amountMinor" render={(o) => `${o.currency} ${(o.amountMinor / 100).toFixed(2)}`} />
          <FunctionField<AuditPayment> label="Status" sortBy="status" render={(o) => <Chip size="small" color={STATUS[o.status].color} label={STATUS[o.status].label} />} />
          <FunctionField<AuditPayment> label="Verified payments" render={(o) => o.verifiedPaymentIds.join(', ') || '—'} />
          <FunctionField<AuditPayment> label="Refund" render={(o) => refundsOf(o)} />
          <NumberField source="viaWebhook" label="Via webhook" sortable={false} />
          <NumberField source="failures" sortable={false} />
          <WhenField source="createdAt" label="Ordered" showTime />
        </Datagrid>
      )}
    </List>
  );
}
