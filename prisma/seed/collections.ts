// The demo store's collections (docs/decisions/072): two by category and one hand-picked,
// deterministic from the seeded catalog (products in Shopify-id order). They carry no Shopify
// id, so the collections job never tries to re-read them from Shopify.
import { prisma } from "~/db.server";

export async function seedCollections(shopId: string) {
  await prisma.collection.deleteMany({ where: { shopId } });
  const products = await prisma.product.findMany({
    where: { shopId, deletedAt: null },
    orderBy: [{ shopifyId: "asc" }, { id: "asc" }],
    select: { id: true, category: true },
  });
  const specs = [
    { title: "Audio", handle: "audio", smart: true, pick: (p: { category: string }) => p.category === "Audio" },
    {
      title: "Wearables",
      handle: "wearables",
      smart: true,
      pick: (p: { category: string }) => p.category === "Wearables",
    },
    { title: "Staff Picks", handle: "staff-picks", smart: false, pick: (_p: unknown, i: number) => i % 7 === 0 },
  ];
  const made: { id: string; title: string; products: number }[] = [];
  for (const spec of specs) {
    const ids = products.filter((p, i) => spec.pick(p, i)).map((p) => p.id);
    const c = await prisma.collection.create({
      data: { shopId, title: spec.title, handle: spec.handle, smart: spec.smart },
      select: { id: true },
    });
    await prisma.collectionProduct.createMany({
      data: ids.map((productId) => ({ shopId, collectionId: c.id, productId })),
    });
    made.push({ id: c.id, title: spec.title, products: ids.length });
  }
  return made;
}
