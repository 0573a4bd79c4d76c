// /contact: the contact form, with the shop's e-mail and postal address.
import { useMemo } from 'react';
import { CONTACT_REPLY_TIME } from '@printshop/shared-events/api/contact';
import { Page } from '@/components/page';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useSession } from '@/lib/session/use-session';
import { POSTAL_ADDRESS, SUPPORT_EMAIL } from '@/lib/site';
import '@/features/contact/components/contact.css';

export function Component() {
  const { user } = useSession();
  const defaults = useMemo(
    () => (user ? { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email } : undefined),
    [user],
  );
  return (
    <Page
      title="Contact Us"
      heading="Contact Us"
      canonicalPath="/contact"
      description="Questions about an order or a print? Write to us."
      intro={`Questions about an order or a print? We answer ${CONTACT_REPLY_TIME}.`}
    >
      <div className="contact-page">
        <ContactForm defaults={defaults} />
        <aside className="contact-page__aside" aria-label="Other ways to reach us">
          <h2>Write to us</h2>
          <p>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <h2>Visit us</h2>
          <address>
            {POSTAL_ADDRESS.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </aside>
      </div>
    </Page>
  );
}
