/** The loading status of every slice (spec section 4). */
export type AsyncStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
