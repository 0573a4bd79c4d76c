// A plain button that keeps a tap made before the app started (early-taps.ts).
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAP_ATTRIBUTE, EARLY_TAPS_SCRIPT, stopEarlyTaps } from '@/lib/early-taps';
import { EarlyTapButton } from './early-tap-button';

afterEach(() => {
  stopEarlyTaps();
  document.body.innerHTML = '';
});

describe('EarlyTapButton', () => {
  it('given a tap on its prerendered HTML before the app started, when it renders, then it plays the tap once', () => {
    new Function(EARLY_TAPS_SCRIPT)();
    const prerendered = document.createElement('button');
    prerendered.setAttribute(EARLY_TAP_ATTRIBUTE, 'tab-shipping');
    document.body.append(prerendered);
    fireEvent.click(prerendered);
    stopEarlyTaps();
    prerendered.remove();

    const onClick = vi.fn();
    const { rerender } = render(
      <EarlyTapButton tapName="tab-shipping" onClick={onClick}>
        Shipping
      </EarlyTapButton>,
    );
    rerender(
      <EarlyTapButton tapName="tab-shipping" onClick={onClick}>
        Shipping
      </EarlyTapButton>,
    );
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('given no early tap, then it is a plain button marked for the keeper that answers clicks', () => {
    const onClick = vi.fn();
    render(
      <EarlyTapButton tapName="tab-faq" role="tab" aria-selected={false} onClick={onClick}>
        FAQ
      </EarlyTapButton>,
    );
    const button = screen.getByRole('tab', { name: 'FAQ' });
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute(EARLY_TAP_ATTRIBUTE, 'tab-faq');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
