// /checkout-auth: a sign-in step first (saved addresses, the order in the account), or 'Continue
// as guest'; either way the checkout follows on the same page.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Page } from '@/components/page';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/lib/session/use-session';
import { CheckoutPage } from './checkout-page';
import '@/features/checkout/components/checkout.css';

export function Component() {
  const { isAuthenticated } = useSession();
  const [guest, setGuest] = useState(false);
  return (
    <Page title="Checkout" heading="Checkout">
      {isAuthenticated || guest ? (
        <CheckoutPage />
      ) : (
        <div className="checkout-auth">
          <section className="checkout-auth__panel" aria-labelledby="checkout-signin-heading">
            <h2 id="checkout-signin-heading" className="checkout-section__heading">
              Sign in for a faster checkout
            </h2>
            <p>Use your saved addresses and see this order in your account.</p>
            <LoginForm onSignedIn={() => undefined} submitLabel="Sign In and Continue" />
            <p className="checkout-auth__links">
              <Link to="/forgot-password">Forgot your password?</Link>
              <Link to="/register" state={{ from: { pathname: '/checkout-auth' } }}>
                Create Account
              </Link>
            </p>
          </section>
          <section className="checkout-auth__panel" aria-labelledby="checkout-guest-heading">
            <h2 id="checkout-guest-heading" className="checkout-section__heading">
              New here?
            </h2>
            <p>No account needed: we send the confirmation and tracking details to your e-mail.</p>
            <Button variant="secondary" size="lg" onClick={() => setGuest(true)}>
              Continue as guest
            </Button>
          </section>
        </div>
      )}
    </Page>
  );
}
