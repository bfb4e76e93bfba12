import type { FastifyInstance } from "fastify";
import { addressesApi } from "../../../domain/api/addresses.ts";
import { addressesTypes } from "../../../domain/api/addresses.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import { registerOperation } from "../../http/operations.ts";
import { expectedVersionOf, withEtag } from "../../http/versions.ts";
import { createAddressService } from "./service.ts";

/** The spec's address calls (section 7), on the signed-in user's own address book. */
export async function addressRoutes(
  app: FastifyInstance,
  options: { database: Database; changes: FileChanges },
): Promise<void> {
  const service = createAddressService(options.database.db, options.changes);
  registerOperation(app, addressesApi.list, addressesTypes.list, async (request) =>
    service.list(actorOf(request)),
  );

  registerOperation(app, addressesApi.save, addressesTypes.save, async (request, reply) => {
    const { saved, version } = await service.save(
      actorOf(request),
      request.body,
      expectedVersionOf(request.headers),
    );
    return withEtag(reply, version).send({ ...saved, version });
  });

  registerOperation(app, addressesApi.remove, addressesTypes.remove, async (request, reply) => {
    await service.remove(actorOf(request), request.params.id, request.query.confirm);
    return reply.code(204).send();
  });
}
