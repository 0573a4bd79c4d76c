// The contact page: its intro promises the reply time the server's thank-you sentence gives.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { renderApp } from '@/test/render';
import { Component as ContactPage } from './contact';

beforeAll(() => configureApiClient({ origin: 'http://127.0.0.1:9' }));

describe('the contact page', () => {
  it('given a visitor, when the page shows, then its intro promises an answer within 1-2 business days, as the sent note does', () => {
    renderApp(<ContactPage />, { path: '/contact' });
    expect(screen.getByText(/We answer within 1-2 business days\./)).toBeInTheDocument();
  });
});
