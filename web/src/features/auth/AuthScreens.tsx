import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { AuthCard } from './AuthCard.tsx';
import { LoginView, type SignInOutcome } from './LoginView.tsx';
import { SignupView } from './SignupView.tsx';
import { RestrictedView } from './RestrictedView.tsx';
import { RequestAccessForm } from './RequestAccessForm.tsx';
import { RequestSubmittedView } from './RequestSubmittedView.tsx';
import { NewPasswordView } from './NewPasswordView.tsx';

type View =
  | { name: 'login' }
  | { name: 'signup' }
  | { name: 'restricted' }
  | { name: 'request' }
  | { name: 'submitted'; email: string; organization: string }
  | { name: 'newPassword' }
  | { name: 'notice'; title: string; message: string };

/** The signed-out views, chosen by state (spec section 2). `onSignedIn` runs after a completed sign-in. */
export function AuthScreens({ onSignedIn }: { onSignedIn: () => void }) {
  const [view, setView] = useState<View>({ name: 'login' });
  const toLogin = () => setView({ name: 'login' });

  const handleOutcome = (outcome: SignInOutcome) => {
    if (outcome === 'done') onSignedIn();
    else if (outcome === 'newPassword') setView({ name: 'newPassword' });
    else if (outcome === 'confirmSignUp')
      setView({ name: 'notice', title: 'Verify Your Email', message: 'Please verify your email before signing in.' });
    else
      setView({
        name: 'notice',
        title: 'Password Reset Required',
        message: 'Your password must be reset before you can sign in. Please contact your administrator.',
      });
  };

  switch (view.name) {
    case 'login':
      return <LoginView onOutcome={handleOutcome} onGetAccess={() => setView({ name: 'signup' })} />;
    case 'signup':
      return <SignupView onRequest={() => setView({ name: 'restricted' })} onHaveCode={toLogin} />;
    case 'restricted':
      return <RestrictedView onRequest={() => setView({ name: 'request' })} onSignIn={toLogin} />;
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
    case 'notice':
      return (
        <AuthCard title={view.title}>
          <Alert color="yellow">{view.message}</Alert>
          <Button variant="default" onClick={toLogin}>
            Back to Sign In
          </Button>
        </AuthCard>
      );
  }
}
