// What a response of /api/v1 looks like once it went through JSON: the service's own type with its dates as ISO
// strings. The typed clients in app/api/ describe a response as Wire<the service's type> rather than writing the
// shape out a second time, so a field added by the API reaches the screens' types by itself. Type-only.
export type Wire<T> =
  T extends Date ? string
    : T extends (infer U)[] ? Wire<U>[]
      : T extends readonly (infer U)[] ? readonly Wire<U>[]
        : T extends object ? { [K in keyof T]: Wire<T[K]> }
          : T;
