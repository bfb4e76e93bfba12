import type { FastifyInstance, FastifyRequest } from "fastify";
import { sharedNetworkApi } from "../../../domain/api/sharedNetwork.ts";
import { sharedNetworkTypes } from "../../../domain/api/sharedNetwork.types.ts";
import { sharesWholeNetwork } from "../../../domain/schemas/share.ts";
import { AppError } from "../../errors/app-error.ts";
import { registerOperation } from "../../http/operations.ts";
import { viewOrReveals } from "./nominee-access-log.ts";
import type { SharedReads } from "./shared-read-context.ts";
import { grantCoverage } from "./shared-scope.ts";

/** A nominee's reads of the personal network: a group's cards, a person, an address, a company. */
export function sharedNetworkRoutes(app: FastifyInstance, reads: SharedReads): void {
  const { grantOf, grantShowing, log, persons, addresses, institutions, scopes } = reads;
  registerOperation(app, sharedNetworkApi.persons, sharedNetworkTypes.persons, async (request) => {
    const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
    const group = request.query.personGroup;
    const covered = await grantCoverage(scopes, grant).rows("person");
    const list = await persons.listGroup(
      grant.ownerId,
      group,
      (personId) => covered === "all" || covered.has(personId),
    );
    await log(grant, [{ kind: "view", subjectKind: "list", subjectId: group }]);
    return list;
  });

  registerOperation(app, sharedNetworkApi.person, sharedNetworkTypes.person, async (request) => {
    const personId = request.params.id;
    const { grant, ownerId } = await grantShowing(request as FastifyRequest, "person", personId);
    const reveal = request.query.reveal === "socialNumber";
    const person = await persons.read(ownerId, personId, { revealSocialNumber: reveal });
    if (person === undefined) throw new AppError("not_found");
    const hasNumber = person.mainDetails.socialNumber !== null;
    const entries = viewOrReveals(
      { subjectKind: "person", subjectId: personId },
      hasNumber ? ["socialNumber"] : [],
      reveal,
    );
    // Without the personal network shared, a person is only read as a name on a shared record,
    // whose view is logged already: only a deliberate reveal is an access of its own.
    await log(
      grant,
      sharesWholeNetwork(grant.scope) ? entries : entries.filter((entry) => entry.kind === "reveal"),
    );
    return person;
  });

  /** An address or a company: its own path, its kind, and the owner's shape of it. */
  const networkRows = [
    { operation: "address", kind: "address", read: addresses.read },
    { operation: "institution", kind: "institution", read: institutions.read },
  ] as const;

  for (const kind of networkRows) {
    registerOperation(
      app,
      sharedNetworkApi[kind.operation],
      sharedNetworkTypes[kind.operation],
      async (request) => {
        const rowId = request.params.id;
        const { ownerId } = await grantShowing(request as FastifyRequest, kind.kind, rowId);
        const shown = await kind.read(ownerId, rowId);
        if (shown === undefined) throw new AppError("not_found");
        // An address or a company is read as part of the person or record that names it, whose
        // view is logged: no entry of its own.
        return shown;
      },
    );
  }
}
