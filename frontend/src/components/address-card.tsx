// One saved address as a label, with whatever actions the caller puts beneath it.
import type { ReactNode } from 'react';
import { addressLines, type AddressLike } from '../lib/format-address';
import './address-card.css';

export function AddressCard({
  address,
  isDefault,
  children,
}: {
  address: AddressLike;
  isDefault?: boolean;
  children?: ReactNode;
}) {
  const [name, ...rest] = addressLines(address);
  return (
    <div className="address-card">
      {isDefault && <span className="address-card__badge">Default</span>}
      <address className="address-card__lines">
        <strong>{name}</strong>
        {rest.map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        {address.phone && <span>{address.phone}</span>}
      </address>
      {children && <div className="address-card__actions">{children}</div>}
    </div>
  );
}
