import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { messageOf } from '../auth/apiClient';
import { erasureApi } from './erasureApi';

export type ConfirmWith = 'password' | 'code';

const CODE = /^\d{6}$/;

/** The delete flow's data logic: how the person confirms, the code mailed, the final step and what follows it. */
export function useDeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [confirmWith, setConfirmWith] = useState<ConfirmWith>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const mailCode = useMutation({ mutationFn: erasureApi.mailCode });
  const erase = useMutation({
    mutationFn: erasureApi.erase,
    onSuccess: async () => {
      // The server ended every session already; this clears what the browser still holds of the account.
      await logout();
      navigate('/account-deleted', { replace: true });
    },
    onSettled: () => setAsking(false),
  });

  /** The first click checks the field, then asks once more before anything happens. */
  function review() {
    erase.reset();
    if (confirmWith === 'password' && !password) return setFieldError('Password is required');
    if (confirmWith === 'code' && !CODE.test(code.trim())) return setFieldError('OTP must be 6 digits');
    setFieldError(null);
    setAsking(true);
  }

  return {
    confirmWith,
    choose(method: ConfirmWith) {
      setConfirmWith(method);
      setFieldError(null);
      erase.reset();
    },
    password,
    setPassword,
    code,
    setCode,
    fieldError,
    mailCode: () => mailCode.mutate(),
    codeSent: mailCode.isSuccess ? mailCode.data : null,
    sendingCode: mailCode.isPending,
    codeError: mailCode.isError ? messageOf(mailCode.error, 'The code could not be sent. Please try again.') : null,
    review,
    asking,
    cancel: () => setAsking(false),
    confirm: () => erase.mutate(confirmWith === 'password' ? { password } : { code: code.trim() }),
    erasing: erase.isPending,
    eraseError: erase.isError ? messageOf(erase.error, 'Your account could not be deleted. Please try again.') : null,
  };
}
