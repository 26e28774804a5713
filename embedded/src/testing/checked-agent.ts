import supertest from 'supertest';
import { contractChecker, type ContractChecker } from './contract-check';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/**
 * A supertest agent whose every answer under /api is checked against the OpenAPI document
 * (status, body, required headers): a request fails when the route answers something the
 * contract does not say, whatever else the test expects.
 */
export function checkedAgent(app: Parameters<typeof supertest.agent>[0], checker: ContractChecker = contractChecker()): supertest.Agent {
  const agent = supertest.agent(app);
  for (const method of METHODS) {
    const original = agent[method].bind(agent) as (url: string) => supertest.Test;
    (agent as unknown as Record<string, (url: string) => supertest.Test>)[method] = (url: string) =>
      original(url).expect((res) => checker.assertAnswer(method, url, res as unknown as Parameters<ContractChecker['assertAnswer']>[2]));
  }
  return agent;
}
