import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/** The bare NestJS baseline: default Express adapter, no logging, no middleware. */
@Controller()
class HelloController {
  @Get()
  hello(): string {
    return 'Hello World!';
  }
}

@Module({ controllers: [HelloController] })
class HelloModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(HelloModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
}

void main();
