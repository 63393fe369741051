export type { ShopProgressProps } from './ShopProgress.js';
export { ShopProgress } from './ShopProgress.js';
export { shopProgressMessages } from './shopProgressMessages.js';
export { shopProgressMessagesEs } from './shopProgressMessagesEs.js';
