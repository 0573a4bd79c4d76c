// Ending a code now, after a confirmation: no checkout can use it afterwards (payments already under
// way keep their use) and it cannot be changed again.
import { serverMessageOr } from '@/lib/server-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useEndPromotion } from '../api/admin-promotions';

export const END_PROMOTION_MESSAGES = {
  failed: 'Could not end the code.',
} as const;

export function EndPromotionDialog({
  code,
  onEnded,
  onCancel,
}: {
  code: string | undefined;
  onEnded(code: string): void;
  onCancel(): void;
}) {
  const end = useEndPromotion();
  return (
    <ConfirmDialog
      open={code !== undefined}
      title={`End ${code ?? ''} now?`}
      confirmLabel="End code"
      busy={end.isPending}
      error={end.isError ? serverMessageOr(end.error, END_PROMOTION_MESSAGES.failed) : undefined}
      onConfirm={() => code && end.mutate(code, { onSuccess: () => onEnded(code) })}
      onCancel={() => {
        end.reset();
        onCancel();
      }}
    >
      <p>Shoppers can no longer use {code}. An ended code cannot be changed or started again.</p>
    </ConfirmDialog>
  );
}
