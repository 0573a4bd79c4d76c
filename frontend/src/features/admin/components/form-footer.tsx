// The end of every admin form: the server's refusal (or the form's own fallback sentence when the
// server could not be reached), then submit and Cancel.
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { serverMessageOr } from '@/lib/server-message';

export function FormFooter({
  error,
  failed,
  submitLabel,
  busy,
  onCancel,
}: {
  error: unknown;
  /** Shown when the error carries no message of the server's. */
  failed: string;
  submitLabel: string;
  busy: boolean;
  onCancel(): void;
}) {
  return (
    <>
      {error !== null && error !== undefined && <Alert>{serverMessageOr(error, failed)}</Alert>}
      <div className="admin-actions">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
