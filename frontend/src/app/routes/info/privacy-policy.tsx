// Static information: privacy policy.
import { Page } from '@/components/page';
import { SITE_NAME, SUPPORT_EMAIL } from '@/lib/site';

export function Component() {
  return (
    <Page
      title="Privacy Policy"
      heading="Privacy Policy"
      width="narrow"
      description={`How ${SITE_NAME} collects, uses and protects your personal data and photos.`}
      canonicalPath="/privacy-policy"
    >
      <div className="prose">
        <p>
          {SITE_NAME} prints the photos you send us. This page explains what we keep, why, and for how long.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>
            Your name, e-mail address, delivery address and phone number when you order or create an account.
          </li>
          <li>The photos you upload and the crops you choose, so we can print them.</li>
          <li>
            Payment confirmations from our payment partners. We never see or store your full card number.
          </li>
        </ul>
        <h2>How we use it</h2>
        <p>
          To print and deliver your order, to answer your questions, to keep your order history and loyalty
          points, and, if you agree, to tell you about offers. We never sell your data or your photos.
        </p>
        <h2>Your photos</h2>
        <p>
          Uploaded photos are used only to produce your prints. Photos that never reach an order are deleted
          automatically after a short retention period; photos of orders are kept while we may need to
          reprint.
        </p>
        <h2>Cookies and local storage</h2>
        <p>
          We use a cookie to remember your cart and your browser&apos;s storage to remember your currency and,
          when you sign in, your session. No advertising cookies are set without your consent.
        </p>
        <h2>Your rights</h2>
        <p>
          You may ask for a copy of your data, its correction or its deletion at any time by writing to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </div>
    </Page>
  );
}
