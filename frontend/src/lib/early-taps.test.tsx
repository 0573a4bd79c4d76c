// A tap on a prerendered button before the app hydrates: the inline script keeps it, and the
// button's component plays it once the app runs.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EARLY_TAP_ATTRIBUTE,
  EARLY_TAPS_SCRIPT,
  stopEarlyTaps,
  takeEarlyTap,
  useEarlyTap,
} from './early-taps';

/** Runs the script as the page does: its exact text, in the page's global scope. */
const runScript = () => new Function(EARLY_TAPS_SCRIPT)() as void;

/** The prerendered HTML of a marked button, before React owns it. */
function prerenderedButton(name: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.setAttribute(EARLY_TAP_ATTRIBUTE, name);
  button.innerHTML = '<span>Open Menu</span>';
  document.body.append(button);
  return button;
}

afterEach(() => {
  stopEarlyTaps();
  takeEarlyTap('menu');
  document.body.innerHTML = '';
});

describe('early taps', () => {
  it('given the script ran, when the marked button is tapped (on its inner text) before hydration, then the tap is taken once', () => {
    runScript();
    fireEvent.click(prerenderedButton('menu').querySelector('span')!);
    stopEarlyTaps();
    expect(takeEarlyTap('other')).toBe(false);
    expect(takeEarlyTap('menu')).toBe(true);
    expect(takeEarlyTap('menu')).toBe(false);
  });

  it('given the app took over (stopped), when the button is tapped, then nothing is kept for it', () => {
    runScript();
    const button = prerenderedButton('menu');
    stopEarlyTaps();
    fireEvent.click(button);
    expect(takeEarlyTap('menu')).toBe(false);
  });

  it('given a tap elsewhere on the page, then nothing is kept', () => {
    runScript();
    prerenderedButton('menu');
    fireEvent.click(document.body);
    stopEarlyTaps();
    expect(takeEarlyTap('menu')).toBe(false);
  });

  it('given no script (a page rendered in the browser only), then there is no tap and nothing fails', () => {
    expect(() => stopEarlyTaps()).not.toThrow();
    expect(takeEarlyTap('menu')).toBe(false);
  });

  it('given a kept tap, when the component renders in the browser, then it plays it once', () => {
    runScript();
    fireEvent.click(prerenderedButton('menu'));
    stopEarlyTaps();
    function Menu() {
      const [opened, setOpened] = useState(0);
      useEarlyTap('menu', () => setOpened((n) => n + 1));
      return <p>opened {opened}</p>;
    }
    const { rerender } = render(<Menu />);
    rerender(<Menu />);
    expect(screen.getByText('opened 1')).toBeInTheDocument();
  });
});
