// Ending sessions on the server, as the auth router sees it; infra/src/auth/sessions.ts keeps it in
// Postgres, which every gateway checks on every authenticated request, so an ended session is
// refused everywhere as soon as the call that ended it has answered.
export interface SessionStore {
  /** Signing out: this token (its `jti`) is refused from now on; the row can go once it expires. */
  revoke(session: { sessionId: string; userId: string; expiresAt: Date }): Promise<void>;
  /**
   * A password change or reset: every token of the user issued before `validFrom` is refused from
   * now on, without waiting for the users read model to learn of the change.
   */
  endSessionsBefore(userId: string, validFrom: Date): Promise<void>;
}
