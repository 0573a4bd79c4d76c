// Static information: terms of service.
import { Page } from '@/components/page';
import { SITE_NAME } from '@/lib/site';

export function Component() {
  return (
    <Page
      title="Terms of Service"
      heading="Terms of Service"
      width="narrow"
      description={`The terms that apply when you order prints from ${SITE_NAME}.`}
      canonicalPath="/terms-of-service"
    >
      <div className="prose">
        <h2>Orders</h2>
        <p>
          An order is accepted once its payment is confirmed. Prices are set in US dollars and shown in the
          currency you choose, converted at our published rates; the amount charged is the one shown at
          checkout.
        </p>
        <h2>Your content</h2>
        <p>
          You confirm that you own the photos you upload or have the right to print them. We may refuse to
          print content that is unlawful or infringes the rights of others.
        </p>
        <h2>Quality and colour</h2>
        <p>
          Screens and paper show colour differently; small differences are normal. Low-resolution photos are
          flagged before you order so you can choose another.
        </p>
        <h2>Delivery</h2>
        <p>
          Delivery times are estimates that start when your order is printed. See our{' '}
          <a href="/shipping-info">shipping information</a> for rates and times by country.
        </p>
        <h2>Liability</h2>
        <p>
          Our liability for an order is limited to the amount paid for it. Nothing in these terms limits your
          statutory rights as a consumer.
        </p>
      </div>
    </Page>
  );
}
