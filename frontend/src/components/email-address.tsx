/**
 * An e-mail address that, when its column is narrow, wraps before its '@' ("shopper.6db5" /
 * "@example.com") rather than mid-domain ("@example.c" / "om").
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
