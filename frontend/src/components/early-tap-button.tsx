// A plain button of a prerendered page whose tap before the app starts is kept and played once it
// has (src/lib/early-taps.ts). Only for idempotent actions: a tab, a filter.
import type { ButtonHTMLAttributes } from 'react';
import { useEarlyTap } from '@/lib/early-taps';

export interface EarlyTapButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'type'
> {
  /** Names the button to the early-tap keeper; unique on the page. */
  tapName: string;
  onClick: () => void;
}

export function EarlyTapButton({ tapName, onClick, ...rest }: EarlyTapButtonProps) {
  const earlyTap = useEarlyTap(tapName, onClick);
  return <button type="button" {...rest} onClick={onClick} {...earlyTap} />;
}
