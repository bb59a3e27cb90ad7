#!/usr/bin/env node
// Says which local service is down, and how to start it, instead of a stack trace later on.
const net = require('node:net');

const services = [
  {
    name: 'PostgreSQL',
    url: process.env.DATABASE_HOST ?? '127.0.0.1',
    port: Number(process.env.DATABASE_PORT ?? 5432),
  },
  { name: 'RabbitMQ', ...hostPort(process.env.RABBITMQ_URL, 'amqp://127.0.0.1:5672') },
  { name: 'Redis', ...hostPort(process.env.REDIS_URL, 'redis://127.0.0.1:6379') },
];

function hostPort(value, fallback) {
  const url = new URL(value ?? fallback);
  return { url: url.hostname, port: Number(url.port) };
}

function reachable({ url, port }) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function main() {
  const down = [];
  for (const service of services) {
    if (!(await reachable(service))) down.push(service);
  }
  if (down.length === 0) return;
  for (const service of down) {
    console.error(`${service.name} is not reachable at ${service.url}:${service.port}.`);
  }
  console.error(
    '\nStart them with the host\'s own service commands, or with Docker:\n' +
      '  docker compose -f docker-compose.yml -f docker-compose.local.yml up -d postgres rabbitmq redis\n' +
      '(README.md, "Local services"), then run the command again.',
  );
  process.exit(1);
}

void main();
