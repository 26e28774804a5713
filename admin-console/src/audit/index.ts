import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { JudgingAuditList } from './JudgingAuditList';
import { JudgingAuditShow } from './JudgingAuditShow';
import { PaymentAuditList } from './PaymentAuditList';
import { RegistrationAuditList } from './RegistrationAuditList';
import { RegistrationAuditShow } from './RegistrationAuditShow';

/** `audit/registrations`, `audit/payments` and `audit/judging`: read-only, for auditors and admins. */
export const registrationAudit = { list: RegistrationAuditList, show: RegistrationAuditShow, icon: HistoryIcon, options: { label: 'Registrations (audit)' } };
export const paymentAudit = { list: PaymentAuditList, icon: ReceiptLongIcon, options: { label: 'Payments (audit)' } };
export const judgingAudit = { list: JudgingAuditList, show: JudgingAuditShow, icon: GavelIcon, options: { label: 'Judging (audit)' } };
