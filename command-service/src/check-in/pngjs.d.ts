// The part of pngjs (a dependency of qrcode, without types of its own) the ticket mail's test reads PNGs with.
declare module 'pngjs' {
  export const PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
}
