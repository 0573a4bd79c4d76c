// How much one uploader may upload, as the upload router sees it; infra/src/images/upload-quotas.ts
// keeps the counters in Postgres so every gateway shares them. Both throw TooManyRequests when over.
export interface Uploader {
  /** The user id, or `guest:<session>`. */
  owner: string;
  ip: string;
}

export interface UploadQuotas {
  /** Counts an upload (before it is decoded); refused when the uploader or the IP goes over a quota. */
  count(uploader: Uploader, upload: { files: number; bytes: number }): Promise<void>;
}
