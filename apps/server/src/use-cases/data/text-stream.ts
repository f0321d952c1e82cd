/** Thrown into a producer whose reader went away, so it stops reading the database. */
class StreamCancelled extends Error {
  constructor() {
    super('The reader cancelled the stream');
    this.name = 'StreamCancelled';
  }
}

/** Chunks the stream may hold before the producer waits for the reader. */
const QUEUED_CHUNKS = 8;

/**
 * A UTF-8 byte stream fed by `produce`, which writes text pieces as the reader takes them: `write` waits
 * while the reader is behind (backpressure) and throws once the reader has gone, so a slow or abandoned
 * download neither fills memory nor keeps reading. A failing producer errors the stream, so the client
 * sees a broken download rather than a file that silently ends early; `onError` hears about it.
 */
export function textStream(
  produce: (write: (text: string) => Promise<void>) => Promise<void>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let demand: (() => void) | undefined;
  let cancelled = false;
  const wake = () => {
    demand?.();
    demand = undefined;
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const write = async (text: string) => {
          if (cancelled) throw new StreamCancelled();
          controller.enqueue(encoder.encode(text));
          while (!cancelled && (controller.desiredSize ?? 0) <= 0) {
            await new Promise<void>((resolve) => {
              demand = resolve;
            });
          }
          if (cancelled) throw new StreamCancelled();
        };
        produce(write).then(
          () => {
            if (!cancelled) controller.close();
          },
          (error: unknown) => {
            if (cancelled) return;
            onError(error);
            controller.error(error);
          },
        );
      },
      pull: wake,
      cancel() {
        cancelled = true;
        wake();
      },
    },
    { highWaterMark: QUEUED_CHUNKS },
  );
}
