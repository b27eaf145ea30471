import { Body, Controller, Get, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { pathId } from '../finance-output';
import { BankFileService, type CreateBankFileInput } from './bank-file.service';

@ApiTags('finance')
@Controller('company/finance/refund-bank-file')
export class BankFileController {
  constructor(private readonly files: BankFileService) {}

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Make a refund bank file (SEPA pain.001.001.03, 350 transfers per file, several in a zip) of { paymentIds } or { filter } plus the queued refunds by bank account; company admins',
  })
  create(@CurrentActor() actor: Actor, @Body() body: CreateBankFileInput) {
    return this.files.create(actor, body);
  }

  @Get()
  @ApiOperation({ summary: 'Refund bank files made before, newest first' })
  async list(@CurrentActor() actor: Actor, @Query() query: { _start?: string; _end?: string }, @Res({ passthrough: true }) response: Response) {
    const { rows, total } = await this.files.list(actor, query);
    response.setHeader('X-Total-Count', String(total));
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    return rows;
  }

  @Get(':id')
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.files.get(actor, pathId(id, 'bank file'));
  }

  @Get(':id/download')
  @ApiOperation({ summary: 'Download a refund bank file again (XML, or a zip of several)' })
  async download(@CurrentActor() actor: Actor, @Param('id') id: string, @Res({ passthrough: true }) response: Response) {
    const file = await this.files.download(actor, pathId(id, 'bank file'));
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return new StreamableFile(file.content);
  }
}
