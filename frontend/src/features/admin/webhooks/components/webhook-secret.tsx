// The signing secret of a new endpoint: shown this once (the API never gives it again), with a
// button that copies it.
import { useState } from 'react';
import { Button } from '@/components/button';
// The alert's styles: this notice uses its classes without the Alert component.
import '@/components/alert.css';

export function WebhookSecret({ secret, onDone }: { secret: string; onDone(): void }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="alert alert--success" role="status">
      <strong>Endpoint created. Copy its signing secret now: it will not be shown again.</strong>
      <div className="admin-secret">
        <code aria-label="Signing secret">{secret}</code>
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy secret'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      {copied === 'failed' && (
        <p className="text-error">Could not copy: select the secret and copy it by hand.</p>
      )}
      <p className="text-muted">Receivers check each delivery&rsquo;s signature with it.</p>
    </div>
  );
}
