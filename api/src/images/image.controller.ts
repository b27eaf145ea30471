import { Controller, Get, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OBJECT_ID } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { CurrentActor, Public } from '../auth/public.decorator';
import { invalid, notFound } from '../common/errors';
import { SignedLinks } from '../common/signed-links';
import { ICON_SIZES, type IconVariant, ImageService, MAX_IMAGE_BYTES, publicImagePath } from './image.service';
import { qrPng } from './qr-code';

const MAX_QR_LENGTH = 2000;

@ApiTags('images')
@Controller('image')
export class ImageController {
  constructor(
    private readonly images: ImageService,
    private readonly links: SignedLinks,
  ) {}

  /** Multipart upload (field `file`); with `model` and `field` the definition's ratio and size rules apply. */
  @Post()
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }))
  upload(@CurrentActor() actor: Actor, @UploadedFile() file: Express.Multer.File | undefined, @Query('model') model?: string, @Query('field') field?: string) {
    if (!file) throw invalid('Send the image as the multipart field "file"', [{ field: 'file', message: 'is required' }]);
    return this.images.upload(actor, file.buffer, model, field);
  }

  @Get('qr/:value/png')
  async qr(@Param('value') value: string, @Res() response: Response) {
    if (!value || value.length > MAX_QR_LENGTH) throw invalid(`A QR value must be 1 to ${MAX_QR_LENGTH} characters`);
    const png = await qrPng(value);
    // the same value always draws the same code
    response.type('png').setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    response.send(png);
  }

  /** An image a mail or a menu shows, for whoever has no session: only by the signed address publicImageUrl made. */
  @Public()
  @Get('public/:id/:variant/:signature')
  async publicIcon(@Param('id') id: string, @Param('variant') variant: string, @Param('signature') signature: string, @Res() response: Response) {
    if (!OBJECT_ID.test(id) || !(variant in ICON_SIZES) || !(await this.links.valid(publicImagePath(id, variant), signature))) throw notFound('No such image');
    const png = await this.images.icon(null, id, variant as IconVariant);
    response.type('png').setHeader('Cache-Control', 'public, max-age=604800, immutable');
    response.send(png);
  }

  @Get(':id/:variant')
  async icon(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('variant') variant: string, @Res() response: Response) {
    if (!OBJECT_ID.test(id) || !(variant in ICON_SIZES)) throw notFound('No such image');
    const png = await this.images.icon(actor, id, variant as IconVariant);
    response.type('png').setHeader('Cache-Control', 'private, max-age=604800, immutable');
    response.send(png);
  }
}
