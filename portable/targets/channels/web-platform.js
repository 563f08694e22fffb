// Which families have the web platform's channels (structuredClone,
// MessageChannel, Worker, BroadcastChannel), and why the others lack them:
// one test, shared by those channels' descriptors.

/** @type {Pick<import('./index.js').Channel, 'has' | 'lacking'>} */
export const ON_THE_WEB_PLATFORM = {
  has: (family) => family.noWebPlatform === undefined,
  lacking: (family) => /** @type {string} */ (family.noWebPlatform),
};
