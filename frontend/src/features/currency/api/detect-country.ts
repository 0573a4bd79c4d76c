// GET /api/geo/detect-country: same-origin credentials, never cached (spec 1 §7). Failure is
// logged and means "no country" with no message to the visitor (spec 1 §4).
import { api } from '@/lib/api-client';
import { detectCountryResponseSchema } from '@/lib/mini-schemas/catalog';

export async function detectCountry(): Promise<string | null> {
  try {
    const answer = await api.get('/geo/detect-country', {
      schema: detectCountryResponseSchema,
      credentials: 'same-origin',
      cache: 'no-store',
      auth: false,
    });
    return answer.success ? answer.countryCode : null;
  } catch (error) {
    console.warn('Country detection failed; using USD', error);
    return null;
  }
}
