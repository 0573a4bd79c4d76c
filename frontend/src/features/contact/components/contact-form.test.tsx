// The contact form: the same messages as the server before sending, the server's field messages
// on the fields, and its thank-you sentence.
import { screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@printshop/shared-events/api/contact';
import { PASSWORD_MESSAGES } from '@printshop/shared-events/rules/password-policy';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { field } from '@/test/labels';
import { renderApp } from '@/test/render';
import { ContactForm } from './contact-form';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => configureApiClient({ origin: server.origin }));

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
async function fillAll() {
  await userEvent.type(field('Name'), 'Ada');
  await userEvent.type(field('E-mail'), 'ada@example.com');
  await userEvent.type(field('Subject'), 'My order');
  await userEvent.type(field('Message'), 'Where is my poster?');
}

describe('ContactForm', () => {
  it('given an empty form, then every field says what it needs and nothing is sent', async () => {
    renderApp(<ContactForm />);
    await send();
    expect(await screen.findByText(CONTACT_MESSAGES.name)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.subject)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.message)).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('given a name over 100 characters and a subject over 200, when sent, then each field says its limit in a sentence and nothing is sent', async () => {
    renderApp(<ContactForm />);
    await fillAll();
    await userEvent.click(field('Name'));
    await userEvent.paste('x'.repeat(100));
    await userEvent.click(field('Subject'));
    await userEvent.paste('x'.repeat(200));
    await send();
    expect(await screen.findByText('Name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at most 200 characters')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it("given a sent message, then the server's sentence shows", async () => {
    server.on(
      'POST /api/contact',
      json({ success: true, message: 'Thanks! We will answer within a day.' }, 201),
    );
    renderApp(<ContactForm />);
    await fillAll();
    await send();
    expect(await screen.findByText('Thanks! We will answer within a day.')).toBeInTheDocument();
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'My order',
      message: 'Where is my poster?',
    });
  });

  it('given the server refuses a field, then its message shows on that field', async () => {
    server.on(
      'POST /api/contact',
      json(
        {
          success: false,
          message: 'Some fields are not valid',
          code: 'VALIDATION_ERROR',
          errors: { email: 'Please enter a valid email address' },
        },
        400,
      ),
    );
    renderApp(<ContactForm />);
    await fillAll();
    await send();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('given a customer known only after the form shows (a prerendered page hydrating), then their name and e-mail fill the form, and what they typed stays', async () => {
    function HydratingPage() {
      const [defaults, setDefaults] = useState<{ name: string; email: string }>();
      return (
        <>
          <button type="button" onClick={() => setDefaults({ name: 'Asha Rao', email: 'asha@example.com' })}>
            Hydrated
          </button>
          <ContactForm defaults={defaults} />
        </>
      );
    }
    renderApp(<HydratingPage />);
    await userEvent.type(field('Name'), 'Asha R.');
    await userEvent.type(field('Subject'), 'My order');
    await userEvent.click(screen.getByRole('button', { name: 'Hydrated' }));
    expect(field('E-mail')).toHaveValue('asha@example.com');
    expect(field('Name')).toHaveValue('Asha R.');
    expect(field('Subject')).toHaveValue('My order');
  });
});
