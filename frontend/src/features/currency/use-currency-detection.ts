// Runs country detection once per load and hides the auto-detect notice after 8 s (spec 1 §4).
import { useAtom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { detectCountry } from './api/detect-country';
import { AUTO_DETECT_NOTICE_MS, applyDetectionAtom, detectNoticeAtom } from '@/lib/currency/currency-store';

export function useCurrencyDetection(): void {
  const applyDetection = useSetAtom(applyDetectionAtom);
  const [notice, setNotice] = useAtom(detectNoticeAtom);

  useEffect(() => {
    let live = true;
    void detectCountry().then((country) => {
      if (live) applyDetection(country);
    });
    return () => {
      live = false;
    };
  }, [applyDetection]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(false), AUTO_DETECT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);
}
