import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('given an address, then it reads whole and may break only before its last @', () => {
    const { container } = render(<EmailAddress email={'"a@b"@example.com'} />);
    expect(container.textContent).toBe('"a@b"@example.com');
    expect(container.innerHTML).toBe('"a@b"<wbr>@example.com');
  });

  it('given text without a local part, then it is shown as it is', () => {
    const { container } = render(<EmailAddress email="@example.com" />);
    expect(container.innerHTML).toBe('@example.com');
  });
});
