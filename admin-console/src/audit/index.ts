import HistoryIcon from '@mui/icons-material/History';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { PaymentAuditList } from './PaymentAuditList';
import { RegistrationAuditList } from './RegistrationAuditList';
import { RegistrationAuditShow } from './RegistrationAuditShow';

/** `audit/registrations` and `audit/payments`: read-only, for auditors and admins. */
export const registrationAudit = { list: RegistrationAuditList, show: RegistrationAuditShow, icon: HistoryIcon, options: { label: 'Registrations (audit)' } };
export const paymentAudit = { list: PaymentAuditList, icon: ReceiptLongIcon, options: { label: 'Payments (audit)' } };
