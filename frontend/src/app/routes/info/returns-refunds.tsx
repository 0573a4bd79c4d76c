// Static information: returns and refunds.
import { Page } from '@/components/page';
import { SUPPORT_EMAIL } from '@/lib/site';

export function Component() {
  return (
    <Page
      title="Returns & Refunds"
      heading="Returns & Refunds"
      width="narrow"
      description="Easy replacements: what to do when a print arrives damaged or not as expected."
      canonicalPath="/returns-refunds"
    >
      <div className="prose">
        <p>
          Every print is made to order from your photos, so we cannot take back prints you have changed your
          mind about. But if something is wrong, we make it right.
        </p>
        <h2>Damaged or faulty prints</h2>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> within 14 days of delivery with
          your order number and a photo of the problem. We reprint the affected items free of charge or refund
          them, whichever you prefer.
        </p>
        <h2>Lost parcels</h2>
        <p>
          If tracking shows no progress for 10 working days after the estimated delivery date, tell us and we
          send your order again.
        </p>
        <h2>Refunds</h2>
        <p>
          Refunds go back to the payment method you used, within 5-10 working days of our confirmation.
          Loyalty points used on a refunded order are returned to your balance.
        </p>
      </div>
    </Page>
  );
}
