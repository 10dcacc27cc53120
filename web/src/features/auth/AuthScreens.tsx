import { useState } from 'react';
import { ConfirmSignUpView } from './ConfirmSignUpView.tsx';
import { ResetPasswordView } from './ResetPasswordView.tsx';
import { LoginView, type SignInOutcome, type TotpSetup } from './LoginView.tsx';
import { RequestAccessForm } from './RequestAccessForm.tsx';
import { RequestSubmittedView } from './RequestSubmittedView.tsx';
import { NewPasswordView } from './NewPasswordView.tsx';
import { TotpCodeView } from './TotpCodeView.tsx';
import { TotpSetupView } from './TotpSetupView.tsx';

type View =
  | { name: 'login'; email?: string; notice?: string; error?: string }
  | { name: 'request' }
  | { name: 'submitted'; email: string; organization: string }
  | { name: 'newPassword' }
  | { name: 'confirmSignUp'; email: string }
  | { name: 'resetPassword'; email: string }
  | { name: 'totpCode'; email: string }
  | { name: 'totpSetup'; email: string; setup: TotpSetup };

/** The signed-out views, chosen by state (spec section 2). `onSignedIn` runs after a completed sign-in. */
export function AuthScreens({ onSignedIn }: { onSignedIn: () => void }) {
  const [view, setView] = useState<View>({ name: 'login' });
  const toLogin = () => setView({ name: 'login' });

  const handleOutcome = (outcome: SignInOutcome, email: string, setup?: TotpSetup) => {
    if (outcome === 'done') onSignedIn();
    else if (outcome === 'newPassword') setView({ name: 'newPassword' });
    else if (outcome === 'totpCode') setView({ name: 'totpCode', email });
    else if (outcome === 'totpSetup' && setup) setView({ name: 'totpSetup', email, setup });
    else if (outcome === 'confirmSignUp') setView({ name: 'confirmSignUp', email });
    else setView({ name: 'resetPassword', email });
  };

  switch (view.name) {
    case 'login':
      return (
        <LoginView
          key={`${view.email ?? ''}|${view.notice ?? ''}|${view.error ?? ''}`}
          onOutcome={handleOutcome}
          onGetAccess={() => setView({ name: 'request' })}
          initialEmail={view.email}
          notice={view.notice}
          initialError={view.error}
        />
      );
    case 'request':
      return (
        <RequestAccessForm
          onSignIn={toLogin}
          onSubmitted={(r) => setView({ name: 'submitted', email: r.email, organization: r.organization })}
        />
      );
    case 'submitted':
      return <RequestSubmittedView email={view.email} organization={view.organization} onSignIn={toLogin} />;
    case 'newPassword':
      return <NewPasswordView onDone={onSignedIn} />;
    case 'totpCode':
      return <TotpCodeView onDone={onSignedIn} onRestart={(error) => setView({ name: 'login', email: view.email, error })} />;
    case 'totpSetup':
      return (
        <TotpSetupView
          secret={view.setup.secret}
          uri={view.setup.uri}
          onDone={onSignedIn}
          onRestart={(error) => setView({ name: 'login', email: view.email, error })}
        />
      );
    case 'confirmSignUp':
      return (
        <ConfirmSignUpView
          email={view.email}
          onBack={toLogin}
          onConfirmed={() => setView({ name: 'login', email: view.email, notice: 'Email verified. Sign in to continue.' })}
        />
      );
    case 'resetPassword':
      return (
        <ResetPasswordView
          email={view.email}
          onBack={toLogin}
          onDone={() => setView({ name: 'login', email: view.email, notice: 'Password changed. Sign in with your new password.' })}
        />
      );
  }
}
