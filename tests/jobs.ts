/** The base URL core commands put in the links of the mail they queue during tests. */
export const TEST_BASE_URL = "http://store.test";
