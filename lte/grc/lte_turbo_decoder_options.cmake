# generated from lte/lte_options.yml by cmake/gpufec_options.py: do not edit

# Pasted into the block's YAML template (gpufec_lte_turbo_decoder.block.yml.in) at @GPUFEC_GRC_LTE_TURBO_DECODER_...@.
set(GPUFEC_GRC_LTE_TURBO_DECODER_PARAMETERS [==[-   id: iterations
    label: Iterations
    dtype: int
    default: '6'
-   id: algorithm
    label: Algorithm
    dtype: enum
    default: '"max-log"'
    options: ['"max-log"', '"log-map"']
    option_labels: [Max-log-MAP, Log-MAP]
-   id: scaling
    label: Extrinsic scaling
    dtype: float
    default: '0.75'
-   id: early_stop
    label: Early stop
    dtype: enum
    default: '"none"'
    options: ['"none"', '"crc24b"', '"crc24a"', '"hard"']
    option_labels: [None, CRC24B (code block), CRC24A (whole transport block), Decisions unchanged]
    hide: part
-   id: backend
    label: Backend
    dtype: enum
    default: '"auto"'
    options: ['"auto"', '"cuda"', '"cpu"']
    option_labels: [Auto (GPU if present), CUDA, CPU]
-   id: input
    label: Input type
    dtype: enum
    default: '"float"'
    options: ['"float"', '"int8"']
    option_labels: [Float, Int8]
    option_attributes:
        io: [float, byte]
-   id: llr_scale
    label: LLR scale
    dtype: float
    default: '8.0'
    hide: ${ ('none' if input == '"int8"' or metrics == '"int16"' else 'all') }
-   id: invert
    label: Soft convention
    dtype: enum
    default: 'False'
    options: ['False', 'True']
    option_labels: [Positive = bit 1 (GNU Radio), Positive = bit 0]
-   id: device
    label: CUDA device
    dtype: int
    default: '0'
    hide: part
-   id: subblocks
    label: Sub-blocks (0 = backend's)
    dtype: int
    default: '0'
    hide: part
    category: Parallel windows
-   id: guard
    label: Guard (training steps)
    dtype: int
    default: '0'
    hide: ${ ('part' if subblocks > 1 else 'all') }
    category: Parallel windows
-   id: length_tag
    label: Length tag
    dtype: string
    default: '""'
    hide: part
-   id: E
    label: Rate-matched length E (0 = none)
    dtype: int
    default: '0'
    hide: ${ ('none' if E > 0 else 'part') }
    category: Rate matching
-   id: rv
    label: Redundancy version
    dtype: enum
    default: '0'
    options: ['0', '1', '2', '3']
    hide: ${ ('none' if E > 0 else 'all') }
    category: Rate matching
-   id: ncb
    label: Circular buffer N_cb (0 = all)
    dtype: int
    default: '0'
    hide: ${ ('part' if E > 0 else 'all') }
    category: Rate matching
-   id: llr_output
    label: LLR output
    dtype: bool
    default: 'False'
    options: ['True', 'False']
    option_labels: ['Yes', 'No']
    hide: part
-   id: metrics
    label: Metrics
    dtype: enum
    default: '"float"'
    options: ['"float"', '"int16"']
    option_labels: [Float, '16-bit integer (max-log-MAP)']
    hide: part]==])
set(GPUFEC_GRC_LTE_TURBO_DECODER_ASSERTS [==[- ${ 1 <= iterations <= 32 }
- ${ 0 < scaling <= 1 }
- ${ llr_scale > 0 }
- ${ device >= 0 }
- ${ subblocks >= 0 }
- ${ guard >= 0 }
- ${ E >= 0 }
- ${ ncb >= 0 }
- ${ str(metrics).strip('"') == 'float' or str(algorithm).strip('"') == 'max-log' }]==])
set(GPUFEC_GRC_LTE_TURBO_DECODER_MAKE [==[gpufec.lte_turbo_decoder(${code}, iterations=${iterations}, algorithm=${algorithm}, scaling=${scaling}, early_stop=${early_stop}, backend=${backend}, input=${input}, llr_scale=${llr_scale}, invert=${invert}, device=${device}, subblocks=${subblocks}, guard=${guard}, length_tag=${length_tag}, E=${E}, rv=${rv}, ncb=${ncb}, llr_output=${llr_output}, metrics=${metrics})]==])
set(GPUFEC_GRC_LTE_TURBO_DECODER_CPP_MAKE [==[this->${id} = gr::gpufec::lte_turbo_decoder::make(${code}_obj, ${iterations}, ${algorithm}, ${scaling}, ${early_stop}, ${backend}, ${input}, ${llr_scale}, ${invert}, ${device}, ${subblocks}, ${guard}, ${length_tag}, ${E}, ${rv}, ${ncb}, ${llr_output}, ${metrics});]==])
