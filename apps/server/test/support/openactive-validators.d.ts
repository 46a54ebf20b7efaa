// The OpenActive validators ship JavaScript without types; these are the parts the tests call.
declare module '@openactive/rpde-validator' {
  interface RpdeError {
    severity: string;
    category: string;
    type: string;
    message: string;
  }
  interface FeedLog {
    pages: { url: string; errors: RpdeError[] }[];
  }
  export function RpdeValidator(
    url: string,
    options?: { pageLimit?: number; timeoutMs?: number; requestDelayMs?: number; userAgent?: string },
  ): Promise<FeedLog>;
}

declare module '@openactive/data-model-validator' {
  interface ModelError {
    severity: string;
    category: string;
    type: string;
    message: string;
    path: string;
  }
  export function validate(
    value: unknown,
    options?: {
      loadRemoteJson?: boolean;
      /** a folder of downloads the validator reads before the network, fresh for the time to live */
      remoteJsonCachePath?: string;
      remoteJsonCacheTimeToLive?: number;
      validationMode?: string;
      version?: string;
    },
  ): Promise<ModelError[]>;
}
