import { ChipField, useRecordContext, type ChipFieldProps } from 'react-admin';
import type { AdminUser } from './types';

const COLOURS: Record<string, 'default' | 'primary' | 'secondary'> = {
  admin: 'secondary',
  moderator: 'primary',
  auditor: 'primary',
  user: 'default',
};

/** The role as a chip, coloured by rank. */
export function RoleField(props: Omit<ChipFieldProps, 'source'>) {
  const record = useRecordContext<AdminUser>();
  return <ChipField {...props} source="role" size="small" color={COLOURS[record?.role ?? ''] ?? 'default'} />;
}
