/** Resolves once every image of the element has loaded (or failed), so a print never shows an empty frame. */
export async function imagesLoaded(root: ParentNode | null): Promise<void> {
  const images = [...(root?.querySelectorAll('img') ?? [])];
  await Promise.all(images.map((image) => (image.complete ? Promise.resolve() : image.decode().catch(() => undefined))));
}
