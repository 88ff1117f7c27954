/**
 * `/forgot-password`: asks better-auth to mail a reset link (queued for the
 * mail-delivery job; in development it lands in the dev mailbox, /dev/mail). The
 * answer is the same whether or not the email has an account.
 */
import type { Metadata } from 'next';
import { AuthForm } from '../components/auth/AuthForm';

export const metadata: Metadata = { title: 'Forgot your password' };

export default function ForgotPasswordPage() {
  return (
    <main className="page narrow">
      <h1>Forgot your password?</h1>
      <AuthForm
        label="Request a password reset"
        endpoint="/api/auth/request-password-reset"
        fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
        extraBody={{ redirectTo: '/reset-password' }}
        submitLabel="Send the reset link"
        successMessage="If an account uses that email, a reset link is on its way. It works once, for an hour."
      />
    </main>
  );
}
