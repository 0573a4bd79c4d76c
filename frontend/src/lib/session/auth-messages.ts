// Spec 1 §8 "Auth": the fallback sentences; the server's message is preferred when present.
export const AUTH_MESSAGES = {
  login: 'Login failed',
  register: 'Registration failed',
  forgot: 'Password reset request failed',
  reset: 'Password reset failed',
} as const;
