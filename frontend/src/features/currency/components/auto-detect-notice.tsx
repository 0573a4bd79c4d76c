// 'Currency auto-detected!' for 8 s or until dismissed (spec 1 §4).
import { useAtom } from 'jotai';
import { currencyByCode } from '@printshop/shared-events/rules/currencies';
import { detectNoticeAtom } from '@/lib/currency/currency-store';
import { useCurrency } from '@/lib/currency/use-currency';
import './auto-detect-notice.css';

export function AutoDetectNotice() {
  const [visible, setVisible] = useAtom(detectNoticeAtom);
  const { currency } = useCurrency();
  if (!visible) return null;
  const { flag, name } = currencyByCode(currency);
  return (
    <div className="auto-detect-notice" role="status">
      <span>
        <strong>Currency auto-detected!</strong> <span aria-hidden="true">{flag}</span> Prices are shown in{' '}
        {name} ({currency}).
      </span>
      <button type="button" className="auto-detect-notice__close" onClick={() => setVisible(false)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss</span>
      </button>
    </div>
  );
}
