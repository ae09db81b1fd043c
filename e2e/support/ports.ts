const base = Number(process.env.E2E_PORT ?? 3210);

/** The store and its stand-in services, on consecutive loopback ports. */
export const TEST_SERVICE_PORTS = { store: base, oidc: base + 1, api: base + 2, smtp: base + 3 };
export const TEST_API = `http://127.0.0.1:${TEST_SERVICE_PORTS.api}`;
