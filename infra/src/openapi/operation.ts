// One call of the REST contract as the machine-readable document describes it: the zod schemas the
// gateway validates with (body, query) and the answer's schema where one exists. Path parameters
// come from the path itself (`:id`), so they cannot drift from the route.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route as the route table files it: "GET /api/orders/:id". */
export type RouteKey = `${Method} /${string}`;

export interface Operation {
  /** The docs/api.md section it belongs to. */
  tag: string;
  summary: string;
  /** Who may call: anyone (default), a signed-in user, or an admin (bearer token). */
  auth?: 'user' | 'admin' | 'optional';
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body: its file fields, and the schema of its text fields. */
  multipart?: { files: readonly string[]; fields?: z.ZodType };
  /** The success status; 200 unless stated. */
  status?: number;
  /** The JSON answer on success. */
  answer?: z.ZodType;
  /** A non-JSON answer on success: its media type (an image, a ZIP, Prometheus text...). */
  media?: string;
}

export type Contract = Partial<Record<RouteKey, Operation>>;
