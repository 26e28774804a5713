import { z } from 'zod';
import type { LoginBody, SignupBody } from '../validation/accounts';

export const AuthProvidersSchema = z.strictObject({ google: z.boolean(), github: z.boolean() }).meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** What a sign-up answers: the address the code went to, and the name taken. */
export const SignupAnswerSchema = z.strictObject({ email: z.string(), username: z.string() }).meta({ id: 'SignupAnswer' });
export type SignupAnswer = z.infer<typeof SignupAnswerSchema>;

/** Request bodies of the auth calls, as a client sends them (the server's schemas, input side). */
export type SignupRequest = z.input<typeof SignupBody>;
export type LoginRequest = z.input<typeof LoginBody>;
