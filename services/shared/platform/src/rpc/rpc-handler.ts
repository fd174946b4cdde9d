import { applyDecorators, type PipeTransform } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcContract } from '@popote/contracts';
import { parseRequest } from './rpc-server';

/**
 * Parses a request with its contract's request schema. A refusal is the schema's ZodError, which
 * RpcErrorFilter answers as VALIDATION_FAILED with the French message of each field. Nest runs it
 * after the interceptors (the actor assertion is checked on the payload as it came) and before the
 * handler.
 */
export class RpcRequestPipe<Req> implements PipeTransform<unknown, Req> {
  constructor(private readonly contract: RpcContract<Req, unknown, unknown>) {}

  transform(payload: unknown): Req {
    return parseRequest(this.contract, payload);
  }
}

/** A handler takes the parsed request first; it may declare a wider type (only the fields it reads). */
type Handling<Req> = (req: Req, ...rest: never[]) => unknown;

/**
 * Answers the contract's subject: `@RpcHandler(CartRpc.addItem) add(req: RpcRequest<typeof CartRpc.addItem>)`.
 * The first parameter receives the request already parsed (defaults applied); the compiler refuses
 * a handler whose parameter expects something the contract's request does not give. Replies go back
 * as the handler returns them (the caller's RpcClient reads them with the contract's reply schema).
 */
export function RpcHandler<Req, Res, ReqIn>(contract: RpcContract<Req, Res, ReqIn>) {
  const decorate = applyDecorators(MessagePattern(contract.subject), (target: object, key: string | symbol | undefined) =>
    Payload(new RpcRequestPipe(contract))(target, key, 0),
  );
  return <M extends Handling<Req>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void =>
    decorate(target, key, descriptor);
}
